import { appShellRecipe } from './app-shell';
import { authLayoutRecipe } from './auth-layout';
import { buttonRecipe } from './button';
import { cardRecipe } from './card';
import { fieldRecipe, passwordInputRecipe } from './field';
import { kpiRecipe } from './kpi';
import { loadingScreenRecipe } from './loading-screen';
import { sidebarRecipe } from './sidebar';
import { underConstructionRecipe } from './under-construction';

export const recipes = {
  button: buttonRecipe,
};

export const slotRecipes = {
  field: fieldRecipe,
  passwordInput: passwordInputRecipe,
  card: cardRecipe,
  sidebar: sidebarRecipe,
  loadingScreen: loadingScreenRecipe,
  kpi: kpiRecipe,
  underConstruction: underConstructionRecipe,
  appShell: appShellRecipe,
  authLayout: authLayoutRecipe,
};
