import NutriLens
