// Stage module NutriLensLabel. See README "Architecture".
