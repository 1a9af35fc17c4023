export { Button, type ButtonProps } from './button';
export { Card, type CardProps } from './card';
export { FieldRoot, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from './field';
export { Kpi, type KpiChange, type KpiProps, type KpiState } from './kpi';
export { LoadingScreen, type LoadingScreenProps } from './loading-screen';
export { Sidebar, type SidebarItem, type SidebarLinkProps, type SidebarProps } from './sidebar';
export { UnderConstruction } from './under-construction';
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
