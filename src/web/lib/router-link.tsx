import { Link } from 'react-router-dom';
import type { LinkComponentProps } from '../ui/link';

/** The router's link, handed to the screens and design-system parts that link inside the app. */
export function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}
