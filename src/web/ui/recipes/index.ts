import { appShellRecipe } from './app-shell';
import { authLayoutRecipe } from './auth-layout';
import { badgeRecipe } from './badge';
import { bannerRecipe } from './banner';
import { breadcrumbsRecipe } from './breadcrumbs';
import { buttonRecipe } from './button';
import { cardRecipe } from './card';
import { chartRecipe } from './chart';
import { checkboxRecipe } from './checkbox';
import { comboboxRecipe } from './combobox';
import { dataTableRecipe } from './data-table';
import { dateRangePickerRecipe } from './date-range-picker';
import { dialogRecipe } from './dialog';
import { documentLayoutRecipe } from './document-layout';
import { emptyStateRecipe } from './empty-state';
import { fieldRecipe, passwordInputRecipe } from './field';
import { fieldsetRecipe } from './fieldset';
import { fileUploadRecipe } from './file-upload';
import { formLayoutRecipe } from './form-layout';
import { kpiRecipe } from './kpi';
import { linkRecipe } from './link';
import { loadingScreenRecipe } from './loading-screen';
import { menuRecipe } from './menu';
import { messagePreviewRecipe } from './message-preview';
import { numberInputRecipe } from './number-input';
import { pageHeaderRecipe } from './page-header';
import { paginationRecipe } from './pagination';
import { popoverRecipe } from './popover';
import { progressBarRecipe } from './progress-bar';
import { radioCardRecipe } from './radio-card';
import { radioGroupRecipe } from './radio-group';
import { segmentedControlRecipe } from './segmented-control';
import { selectRecipe } from './select';
import { sidebarRecipe } from './sidebar';
import { skeletonRecipe } from './skeleton';
import { spinnerRecipe } from './spinner';
import { statListRecipe } from './stat-list';
import { stepsRecipe } from './steps';
import { switchRecipe } from './switch';
import { tabsRecipe } from './tabs';
import { tagsInputRecipe } from './tags-input';
import { toastRecipe } from './toast';
import { tooltipRecipe } from './tooltip';
import { underConstructionRecipe } from './under-construction';

export const recipes = {
  button: buttonRecipe,
  link: linkRecipe,
  badge: badgeRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {
  numberInput: numberInputRecipe,
  select: selectRecipe,
  segmentedControl: segmentedControlRecipe,
  combobox: comboboxRecipe,
  tagsInput: tagsInputRecipe,
  checkbox: checkboxRecipe,
  radioGroup: radioGroupRecipe,
  radioCard: radioCardRecipe,
  switchControl: switchRecipe,
  fieldset: fieldsetRecipe,
  dialog: dialogRecipe,
  documentLayout: documentLayoutRecipe,
  menu: menuRecipe,
  tooltip: tooltipRecipe,
  popover: popoverRecipe,
  toast: toastRecipe,
  tabs: tabsRecipe,
  steps: stepsRecipe,
  breadcrumbs: breadcrumbsRecipe,
  pagination: paginationRecipe,
  pageHeader: pageHeaderRecipe,
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
  formLayout: formLayoutRecipe,
  chart: chartRecipe,
  underConstruction: underConstructionRecipe,
  appShell: appShellRecipe,
  authLayout: authLayoutRecipe,
};
