import { ark } from '@ark-ui/react/factory';
import { FileUpload } from '@ark-ui/react/file-upload';
import { fileUpload } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(fileUpload);

export const Root = withProvider(FileUpload.Root, 'root');
export const Label = withContext(FileUpload.Label, 'label');
export const Dropzone = withContext(FileUpload.Dropzone, 'dropzone');
export const Trigger = withContext(FileUpload.Trigger, 'trigger');
export const HiddenInput = FileUpload.HiddenInput;
export const Hint = withContext(ark.span, 'hint');
export const Errors = withContext(ark.div, 'errors');
/** One broken rule; a paragraph with `asChild` where it stands alone. */
export const ErrorText = withContext(ark.span, 'error');
// The list holds the app's media items (each read and judged by the rules), not Ark's accepted files,
// so its parts are plain elements and Ark's file item parts (preview, size text, delete) are not used.
export const ItemGroup = withContext(ark.ul, 'itemGroup');
export const Item = withContext(ark.li, 'item');
export const ItemInfo = withContext(ark.div, 'itemInfo');
export const ItemName = withContext(ark.span, 'itemName');
export const ItemMeta = withContext(ark.span, 'itemMeta');
export const ItemActions = withContext(ark.div, 'itemActions');
export const Action = withContext(ark.button, 'action');
