// Stage module NutriLensClassifier. See README "Architecture".
