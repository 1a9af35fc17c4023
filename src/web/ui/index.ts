export { ActionsMenu, type ActionsMenuItem, type ActionsMenuProps } from './actions-menu';
export { AgeRange, type AgeRangeProps, type AgeRangeValue } from './age-range';
export { Badge, type BadgeProps, STATUS_TONES, StatusBadge, type StatusBadgeProps, type StatusKind, type Tone } from './badge';
export { Banner, type BannerLinkProps, type BannerProps, type BannerTone } from './banner';
export { type BreadcrumbItem, type BreadcrumbLinkProps, Breadcrumbs, type BreadcrumbsProps } from './breadcrumbs';
export { Button, type ButtonProps, IconButton, type IconButtonProps } from './button';
export { Card, type CardProps } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Combobox, type ComboboxProps } from './combobox';
export {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableProps,
  type DataTableSort,
} from './data-table';
export { DateRangePicker, type DateRangePickerProps, type DateRangeValue } from './date-range-picker';
export {
  DialogBackdrop,
  DialogBody,
  DialogCloseTrigger,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
  Modal,
  type ModalProps,
} from './dialog';
export { EmptyState, type EmptyStateProps, LoadErrorState, type LoadErrorStateProps } from './empty-state';
export {
  type FieldErrorMessage,
  type FieldErrorValues,
  FieldMessages,
  FieldRoot,
  type FieldShellProps,
  PasswordInput,
  type PasswordInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
  useFieldErrorText,
} from './field';
export { FieldsetRoot, type FieldsetRootProps } from './fieldset';
export { FileUpload, type FileUploadProps, type MediaItem, readMediaInfo } from './file-upload';
export { Icon, type IconName } from './icons';
export { Kpi, type KpiChange, type KpiProps, type KpiState } from './kpi';
export { Link, type LinkProps } from './link';
export { LoadingScreen, type LoadingScreenProps } from './loading-screen';
export { fillVariables, type MessageButton, type MessageHeader, MessagePreview, type MessagePreviewProps } from './message-preview';
export { NumberInput, type NumberInputProps } from './number-input';
export { Pagination, type PaginationProps } from './pagination';
export { PhoneInput, type PhoneInputProps, type PhoneValue } from './phone-input';
export { Popover, type PopoverProps } from './popover';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { RadioGroup, type RadioGroupProps } from './radio-group';
export { Select, type SelectOption, type SelectProps } from './select';
export { Sidebar, type SidebarItem, type SidebarLinkProps, type SidebarProps } from './sidebar';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { StatList, type StatListItem, type StatListProps } from './stat-list';
export { type StepItem, Steps, type StepsProps } from './steps';
export { Switch, type SwitchProps } from './switch';
export { type TabItem, Tabs, type TabsProps } from './tabs';
export { TagsInput, type TagsInputProps } from './tags-input';
export { type AppToaster, createAppToaster, Toaster, type ToasterProps, type ToastInput, type ToastStatus, toaster } from './toast';
export { Tooltip, type TooltipProps } from './tooltip';
export { UnderConstruction } from './under-construction';
