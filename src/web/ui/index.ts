export { Button, IconButton, type ButtonProps, type IconButtonProps } from './button';
export { Card, type CardProps } from './card';
export {
  FieldMessages,
  FieldRoot,
  PasswordInput,
  Textarea,
  TextInput,
  type FieldShellProps,
  type PasswordInputProps,
  type TextareaProps,
  type TextInputProps,
} from './field';
export { Kpi, type KpiChange, type KpiProps, type KpiState } from './kpi';
export { LoadingScreen, type LoadingScreenProps } from './loading-screen';
export { Sidebar, type SidebarItem, type SidebarLinkProps, type SidebarProps } from './sidebar';
export { UnderConstruction } from './under-construction';
export { ActionsMenu, type ActionsMenuItem, type ActionsMenuProps } from './actions-menu';
export { AgeRange, type AgeRangeProps, type AgeRangeValue } from './age-range';
export { Breadcrumbs, type BreadcrumbItem, type BreadcrumbLinkProps, type BreadcrumbsProps } from './breadcrumbs';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Combobox, type ComboboxProps } from './combobox';
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
export { FieldsetRoot, type FieldsetRootProps } from './fieldset';
export { Icon, type IconName } from './icons';
export { Link, type LinkProps } from './link';
export { NumberInput, type NumberInputProps } from './number-input';
export { Pagination, type PaginationProps } from './pagination';
export { PhoneInput, type PhoneInputProps, type PhoneValue } from './phone-input';
export { Popover, type PopoverProps } from './popover';
export { RadioGroup, type RadioGroupProps } from './radio-group';
export { Select, type SelectOption, type SelectProps } from './select';
export { Steps, type StepItem, type StepsProps } from './steps';
export { Switch, type SwitchProps } from './switch';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { TagsInput, type TagsInputProps } from './tags-input';
export { createAppToaster, toaster, Toaster, type AppToaster, type ToastInput, type ToastStatus, type ToasterProps } from './toast';
export { Tooltip, type TooltipProps } from './tooltip';
export { Badge, StatusBadge, STATUS_TONES, type BadgeProps, type StatusBadgeProps, type StatusKind, type Tone } from './badge';
export { AppBanner, Banner, type AppBannerProps, type BannerLinkProps, type BannerProps, type BannerTone } from './banner';
export { BANNERS, bannersFor, type ActiveBanner, type BannerConfig, type BannerId, type BannerState } from './banners';
export {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableProps,
  type DataTableSort,
} from './data-table';
export { DateRangePicker, type DateRangePickerProps, type DateRangeValue } from './date-range-picker';
export { EmptyState, LoadErrorState, type EmptyStateProps, type LoadErrorStateProps } from './empty-state';
export { FileUpload, readMediaInfo, type FileUploadProps, type MediaItem } from './file-upload';
export { fillVariables, MessagePreview, type MessageButton, type MessageHeader, type MessagePreviewProps } from './message-preview';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { StatList, type StatListItem, type StatListProps } from './stat-list';
