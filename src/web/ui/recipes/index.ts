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

import { breadcrumbsRecipe } from './breadcrumbs';
import { checkboxRecipe } from './checkbox';
import { comboboxRecipe } from './combobox';
import { dialogRecipe } from './dialog';
import { fieldsetRecipe } from './fieldset';
import { linkRecipe } from './link';
import { menuRecipe } from './menu';
import { numberInputRecipe } from './number-input';
import { paginationRecipe } from './pagination';
import { popoverRecipe } from './popover';
import { radioGroupRecipe } from './radio-group';
import { selectRecipe } from './select';
import { stepsRecipe } from './steps';
import { switchRecipe } from './switch';
import { tabsRecipe } from './tabs';
import { tagsInputRecipe } from './tags-input';
import { toastRecipe } from './toast';
import { tooltipRecipe } from './tooltip';

export const recipes = {
  button: buttonRecipe,
  link: linkRecipe,
  badge: badgeRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {
  numberInput: numberInputRecipe,
  select: selectRecipe,
  combobox: comboboxRecipe,
  tagsInput: tagsInputRecipe,
  checkbox: checkboxRecipe,
  radioGroup: radioGroupRecipe,
  switchControl: switchRecipe,
  fieldset: fieldsetRecipe,
  dialog: dialogRecipe,
  menu: menuRecipe,
  tooltip: tooltipRecipe,
  popover: popoverRecipe,
  toast: toastRecipe,
  tabs: tabsRecipe,
  steps: stepsRecipe,
  breadcrumbs: breadcrumbsRecipe,
  pagination: paginationRecipe,
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
