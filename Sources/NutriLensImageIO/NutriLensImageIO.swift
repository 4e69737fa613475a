// Stage module NutriLensImageIO. See README "Architecture".
