// Stage module NutriLensBarcode. See README "Architecture".
import CZBar
