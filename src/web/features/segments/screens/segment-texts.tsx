import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { Badge, type Tone } from '../../../ui/badge';

type SegmentKey = components['schemas']['SegmentKey'];
type SegmentStatus = components['schemas']['SegmentStatus'];

/** What names a segment: a default one by its key (the app's texts), a custom one by what the merchant wrote. */
export interface SegmentNaming {
  key: SegmentKey | null;
  name: string | null;
  description: string | null;
}

/** A segment's name and description in Spanish, whichever kind it is. */
export function useSegmentTexts() {
  const { t } = useTranslation('segments');
  return {
    nameOf: (segment: SegmentNaming) => (segment.key ? t(`defaults.${segment.key}.name`) : (segment.name ?? '')),
    descriptionOf: (segment: SegmentNaming) => (segment.key ? t(`defaults.${segment.key}.description`) : segment.description || null),
  };
}

const STATUS_TONES: Record<SegmentStatus, Tone> = {
  queued: 'neutral',
  inProgress: 'info',
  processingData: 'info',
  ready: 'success',
  failed: 'danger',
};

/** Where the segment's build stands, in words (SPEC §4): "En cola", "En progreso", "Procesando datos", "Listo", "No se pudo calcular". */
export function SegmentStatusBadge({ status }: { status: SegmentStatus }) {
  const { t } = useTranslation('segments');
  return <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>;
}
