// Stage module NutriLens. See README "Architecture".
