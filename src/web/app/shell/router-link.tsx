export { RouterLink } from '../../lib/router-link';
