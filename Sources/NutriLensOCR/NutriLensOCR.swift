// Stage module NutriLensOCR. See README "Architecture".
import CTesseract
import CLeptonica
let _nlTessVersion = TessVersion
