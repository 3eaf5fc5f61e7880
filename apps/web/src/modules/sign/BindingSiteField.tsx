import { AimOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Radio, Space, Typography } from 'antd';
import { POCKET_FILE_FIELD, type POCKET_SOURCES } from '@yunyao/modules/forms/sign';
import { useTranslation } from 'react-i18next';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { appendPicked, NO_FILES, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { TASK_FAILED, TASK_RUNNING, type PredictedPocket } from '../../components/pockets/pocket-prediction.ts';
import { PredictedPocketTable } from '../../components/pockets/PredictedPocketTable.tsx';
import type { TaskRow } from '@yunyao/contract';
import './sign.i18n.ts';

export interface BindingSite {
  type: (typeof POCKET_SOURCES)[number];
  /** The predicted pocket chosen in the table (one: 3D affinity scores in one site). */
  pocketId: number | null;
  files: PickedFiles;
}

export const EMPTY_BINDING_SITE: BindingSite = { type: 'predicted', pocketId: null, files: NO_FILES };

/** The chosen predicted pocket's box, as docking sends its pockets. */
export function chosenPocket(site: BindingSite, pockets: PredictedPocket[]) {
  const pocket = site.type === 'predicted' ? pockets.find((p) => p.id === site.pocketId) : undefined;
  return pocket ? { name: pocket.name, center: pocket.box.center, size: pocket.box.size } : undefined;
}

export function appendBindingSite(body: FormData, site: BindingSite, pockets: PredictedPocket[]): void {
  body.set('pocket_source', site.type);
  const pocket = chosenPocket(site, pockets);
  if (pocket) body.append('pockets[]', JSON.stringify(pocket));
  if (site.type === 'file') appendPicked(body, POCKET_FILE_FIELD, { ...NO_FILES, uploads: site.files.uploads });
  if (site.type === 'cos') appendPicked(body, POCKET_FILE_FIELD, { ...NO_FILES, dataCenter: site.files.dataCenter });
}

export function siteFilesIn(site: BindingSite): number {
  return site.type === 'file' ? site.files.uploads.length : site.type === 'cos' ? site.files.dataCenter.length : 0;
}

interface Props {
  value: BindingSite;
  onChange: (v: BindingSite) => void;
  pockets: PredictedPocket[];
  predictionTask: TaskRow | undefined;
  predicting: boolean;
  onPredict: () => void;
}

/** The binding site: a pocket predicted on the server (as docking's), or a site file uploaded or from the data center. */
export function BindingSiteField({ value, onChange, pockets, predictionTask, predicting, onPredict }: Props) {
  const { t } = useTranslation('sign');
  const running = predicting || predictionTask?.status === TASK_RUNNING;
  return (
    <>
      <Form.Item label={t('site')} required>
        <Radio.Group
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as BindingSite['type'] })}
          optionType="button"
          data-testid="sign-site-type"
          options={[
            { value: 'predicted', label: t('sitePredicted') },
            { value: 'file', label: t('sourceUpload') },
            { value: 'cos', label: t('sourceDataCenter') },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra={value.type === 'predicted' ? undefined : t('siteHint')}>
        {value.type === 'predicted' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button icon={<AimOutlined />} onClick={onPredict} loading={running} data-testid="sign-predict">
              {t('predict')}
            </Button>
            {predictionTask?.status === TASK_FAILED ? (
              <Alert type="error" showIcon title={t('predictFailed', { reason: predictionTask.result ?? '' })} />
            ) : pockets.length > 0 ? (
              <PredictedPocketTable
                pockets={pockets}
                selected={value.pocketId === null ? [] : [value.pocketId]}
                onSelect={(ids) => onChange({ ...value, pocketId: ids[0] ?? null })}
                selection="radio"
                testId="sign-pockets"
              />
            ) : (
              <Typography.Text type="secondary">{t(running ? 'predicting' : 'predictHint')}</Typography.Text>
            )}
          </Space>
        ) : (
          <ModuleFileField
            spec={POCKET_FILE_FIELD}
            value={value.files}
            onChange={(files) => onChange({ ...value, files })}
            sources={value.type === 'file' ? 'upload' : 'dataCenter'}
            testId="sign-site"
          />
        )}
      </Form.Item>
    </>
  );
}
