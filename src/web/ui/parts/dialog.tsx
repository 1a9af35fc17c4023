import { Dialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import { dialog } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withRootProvider, withContext } = createStyleContext(dialog);

export const Root = withRootProvider(Dialog.Root);
export const Trigger = withContext(Dialog.Trigger, 'trigger');
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop');
export const Positioner = withContext(Dialog.Positioner, 'positioner');
export const Content = withContext(Dialog.Content, 'content');
export const Title = withContext(Dialog.Title, 'title');
export const Description = withContext(Dialog.Description, 'description');
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger');
export const Header = withContext(ark.header, 'header');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.footer, 'footer');
