import { ark } from '@ark-ui/react/factory';
import { authLayout } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(authLayout);

// The signed-out pages' frame: a centred panel with the brand, a heading and a form or message.
export const Root = withProvider(ark.main, 'root');
export const Panel = withContext(ark.section, 'panel');
export const Brand = withContext(ark.p, 'brand');
export const Header = withContext(ark.header, 'header');
export const Title = withContext(ark.h1, 'title');
export const Subtitle = withContext(ark.p, 'subtitle');
export const Form = withContext(ark.form, 'form');
export const Alert = withContext(ark.p, 'alert');
