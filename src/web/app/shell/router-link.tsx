import { Link } from 'react-router-dom';
import type { LinkComponentProps } from '../../ui/link';

export function RouterLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}
