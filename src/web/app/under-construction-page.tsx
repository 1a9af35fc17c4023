import { UnderConstruction } from '../ui/under-construction';

export function UnderConstructionPage() {
  return <UnderConstruction />;
}
