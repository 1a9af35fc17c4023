import { ark } from '@ark-ui/react/factory';
import { documentLayout } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(documentLayout);

// A page to read: the brand, a heading with its date, then sections of paragraphs and lists.
export const Root = withProvider(ark.main, 'root');
export const Article = withContext(ark.article, 'article');
export const Brand = withContext(ark.a, 'brand');
export const Header = withContext(ark.header, 'header');
export const Title = withContext(ark.h1, 'title');
export const Updated = withContext(ark.p, 'updated');
export const Intro = withContext(ark.p, 'intro');
export const Section = withContext(ark.section, 'section');
export const SectionTitle = withContext(ark.h2, 'sectionTitle');
export const Paragraph = withContext(ark.p, 'paragraph');
export const List = withContext(ark.ul, 'list');
export const Footer = withContext(ark.footer, 'footer');
