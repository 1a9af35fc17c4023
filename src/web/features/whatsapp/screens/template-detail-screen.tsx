import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { components } from '../../../../shared/api/app.gen';
import { formatDateTime } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import { TemplatePreview } from './template-preview';
import { useTemplateStatusNote } from './template-status';

type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
type WhatsappTemplateButton = components['schemas']['WhatsappTemplateButton'];

export interface TemplateDetailScreenProps {
  template: Loadable<WhatsappTemplate>;
  onRetry: () => void;
  whatsappHref: string;
  editHref: string;
  deleteOpen: boolean;
  onDeleteOpenChange: (open: boolean) => void;
  deleting: boolean;
  onDeleteConfirm: () => void;
  linkComponent?: LinkComponent;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minW: '0' });
const columns = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' },
  gap: '6',
  alignItems: 'start',
});
const main = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' });
const facts = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '3', m: '0' });
const fact = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' });
const factLabel = css({ fontSize: 'xs', color: 'fg.muted' });
const factValue = css({ fontSize: 'sm', color: 'fg.default', m: '0', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const item = css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm', color: 'fg.default' });
const muted = css({ fontSize: 'sm', color: 'fg.muted', m: '0' });
const historyItem = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.default' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={fact}>
      <dt className={factLabel}>{label}</dt>
      <dd className={factValue}>{value}</dd>
    </div>
  );
}

function useButtonTarget() {
  const { t } = useTranslation('templateDetail');
  return (button: WhatsappTemplateButton): string => {
    switch (button.type) {
      case 'URL':
        return button.url ?? '';
      case 'PHONE_NUMBER':
        return t('buttonTarget.phone', { code: button.phoneCountryCode, number: button.phoneNumber });
      case 'WHATSAPP_NUMBER':
        return t('buttonTarget.whatsapp', { code: button.phoneCountryCode, number: button.phoneNumber });
      default:
        return t(`buttonTarget.${button.type}`);
    }
  };
}

function TemplateDetail({
  template,
  editHref,
  onDelete,
  linkComponent: Link,
}: {
  template: WhatsappTemplate;
  editHref: string;
  onDelete: () => void;
  linkComponent: LinkComponent;
}) {
  const { t } = useTranslation('templateDetail');
  const noteOf = useTemplateStatusNote();
  const targetOf = useButtonTarget();
  const note = noteOf(template);
  const { header } = template;
  return (
    <div className={main}>
      {note ? <Banner tone={template.status === 'REJECTED' || template.status === 'DISABLED' ? 'danger' : 'info'} message={note} /> : null}
      <div className={actions}>
        {template.editing.allowed ? (
          <Link href={editHref} className={button()}>
            {t('actions.edit')}
          </Link>
        ) : null}
        <Button variant="outline" onClick={onDelete}>
          {t('actions.delete')}
        </Button>
      </div>
      <div className={columns}>
        <div className={main}>
          <Card title={t('sections.general')} badges={<StatusBadge kind="template" status={template.status} />}>
            <dl className={facts}>
              <Fact label={t('fields.category')} value={t(`category.${template.category}.label`)} />
              <Fact label={t('fields.language')} value={t(`language.${template.language}`)} />
              <Fact label={t('fields.quality')} value={t(`quality.${template.quality}`)} />
              <Fact label={t('fields.updatedAt')} value={formatDateTime(template.updatedAt)} />
              <Fact label={t('fields.description')} value={template.description ?? t('noDescription')} />
            </dl>
          </Card>
          <Card title={t('sections.header')}>
            <dl className={facts}>
              <Fact label={t('fields.headerFormat')} value={t(`headerFormat.${header.format}`)} />
              {header.format === 'TEXT' ? <Fact label={t('fields.headerText')} value={header.text ?? ''} /> : null}
              {header.media ? <Fact label={t('fields.headerFile')} value={header.media.name} /> : null}
            </dl>
          </Card>
          <Card title={t('sections.content')}>
            <dl className={facts}>
              <Fact label={t('fields.body')} value={template.body} />
              <Fact label={t('fields.footer')} value={template.footer ?? t('noFooter')} />
            </dl>
            <h3 className={factLabel}>{t('fields.variables')}</h3>
            {template.variables.length === 0 ? (
              <p className={muted}>{t('noVariables')}</p>
            ) : (
              <ul className={list}>
                {template.variables.map((variable) => (
                  <li key={variable.name} className={item}>
                    {t('variable.withExample', { label: t(`variable.${variable.type}`), example: variable.example })}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t('sections.buttons')}>
            {template.buttons.length === 0 ? (
              <p className={muted}>{t('noButtons')}</p>
            ) : (
              <ul className={list}>
                {template.buttons.map((templateButton, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a button is its place in the list (Meta keeps the order).
                  <li key={index} className={item}>
                    <strong>{templateButton.text}</strong>
                    <span className={muted}>
                      {t(`buttonType.${templateButton.type}`)} · {targetOf(templateButton)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t('sections.history')}>
            <ol className={list}>
              {template.history.map((change) => (
                <li key={`${change.at}-${change.status}`} className={historyItem}>
                  <StatusBadge kind="template" status={change.status} />
                  <span>{formatDateTime(change.at)}</span>
                  {change.rejectionReason ? (
                    <span className={muted}>{t('history.rejected', { reason: t(`rejectionReason.${change.rejectionReason}`) })}</span>
                  ) : null}
                  {change.pausedUntil ? (
                    <span className={muted}>{t('history.pausedUntil', { until: formatDateTime(change.pausedUntil) })}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <Card title={t('sections.preview')} badges={<Badge>{t(`category.${template.category}.label`)}</Badge>}>
          <TemplatePreview
            content={{
              header: { format: header.format, text: header.text, fileName: header.media?.name, url: header.media?.url },
              body: template.body,
              footer: template.footer,
              variables: template.variables,
              buttons: template.buttons,
            }}
          />
        </Card>
      </div>
    </div>
  );
}

/** SPEC §2 template detail: its preview, header, content and buttons, and the statuses Meta gave it. */
export function TemplateDetailScreen(props: TemplateDetailScreenProps) {
  const { t } = useTranslation('templateDetail');
  const { t: tCommon } = useTranslation('common');
  const { template, linkComponent: Link = PlainLink } = props;
  const name = template.status === 'success' ? template.data.name : tCommon('pageTitle.template');
  return (
    <div className={page}>
      <Breadcrumbs items={[{ href: props.whatsappHref, label: t('breadcrumb') }, { label: name }]} linkComponent={Link} />
      <PageHeader title={name} />
      <LoadableView loadable={template} loading={<SkeletonGroup items={[{ lines: 3 }, { lines: 6 }]} />} onRetry={props.onRetry}>
        {(loaded) => (
          <TemplateDetail
            template={loaded}
            editHref={props.editHref}
            onDelete={() => props.onDeleteOpenChange(true)}
            linkComponent={Link}
          />
        )}
      </LoadableView>
      <ConfirmDialog
        id="template-detail-delete"
        open={props.deleteOpen}
        texts={t('delete', { returnObjects: true, name: template.status === 'success' ? template.data.name : '' })}
        pending={props.deleting}
        onCancel={() => props.onDeleteOpenChange(false)}
        onConfirm={props.onDeleteConfirm}
      />
    </div>
  );
}
