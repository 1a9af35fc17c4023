import { appShellRecipe } from './app-shell';
import { authLayoutRecipe } from './auth-layout';
import { buttonRecipe } from './button';
import { cardRecipe } from './card';
import { fieldRecipe, passwordInputRecipe } from './field';
import { kpiRecipe } from './kpi';
import { badgeRecipe } from './badge';
import { bannerRecipe } from './banner';
import { chartRecipe } from './chart';
import { dataTableRecipe } from './data-table';
import { dateRangePickerRecipe } from './date-range-picker';
import { emptyStateRecipe } from './empty-state';
import { fileUploadRecipe } from './file-upload';
import { messagePreviewRecipe } from './message-preview';
import { progressBarRecipe } from './progress-bar';
import { skeletonRecipe } from './skeleton';
import { spinnerRecipe } from './spinner';
import { statListRecipe } from './stat-list';
import { loadingScreenRecipe } from './loading-screen';
import { sidebarRecipe } from './sidebar';
import { underConstructionRecipe } from './under-construction';

export const recipes = {
  button: buttonRecipe,
  badge: badgeRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {
  field: fieldRecipe,
  passwordInput: passwordInputRecipe,
  card: cardRecipe,
  sidebar: sidebarRecipe,
  loadingScreen: loadingScreenRecipe,
  kpi: kpiRecipe,
  statList: statListRecipe,
  emptyState: emptyStateRecipe,
  skeleton: skeletonRecipe,
  progressBar: progressBarRecipe,
  dataTable: dataTableRecipe,
  banner: bannerRecipe,
  messagePreview: messagePreviewRecipe,
  dateRangePicker: dateRangePickerRecipe,
  fileUpload: fileUploadRecipe,
  chart: chartRecipe,
  underConstruction: underConstructionRecipe,
  appShell: appShellRecipe,
  authLayout: authLayoutRecipe,
};
