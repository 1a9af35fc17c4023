import { Link } from 'react-router-dom';
import type { SidebarLinkProps } from '../../ui/sidebar';

export function RouterLink({ href, ...rest }: SidebarLinkProps) {
  return <Link to={href} {...rest} />;
}
