export { Button, type ButtonProps } from './button';
export { Card, type CardProps } from './card';
export { FieldRoot, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from './field';
export { Kpi, type KpiProps, type KpiState } from './kpi';
export { LoadingScreen, type LoadingScreenProps } from './loading-screen';
export { Sidebar, type SidebarItem, type SidebarLinkProps, type SidebarProps } from './sidebar';
export { UnderConstruction } from './under-construction';
