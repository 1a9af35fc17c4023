import { ark } from '@ark-ui/react/factory';
import { Toast, Toaster } from '@ark-ui/react/toast';
import { toast } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(toast);

/** The toast region: Ark's `Toaster`, whose child renders each toast of the store. */
export const Group = withProvider(Toaster, 'group');
export const Root = withContext(Toast.Root, 'root');
export const Icon = withContext(ark.span, 'icon');
/** Holds the title and the description, beside the icon. */
export const Text = withContext(ark.div, 'text');
export const Title = withContext(Toast.Title, 'title');
export const Description = withContext(Toast.Description, 'description');
export const ActionTrigger = withContext(Toast.ActionTrigger, 'actionTrigger');
export const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger');
