import { Form, InputNumber } from 'antd';
import { VASP_ARCHIVE_FIELD, VASP_LIMITS, vaspForm } from '@yunyao/modules/forms/vasp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LicensedNotice } from '../../components/licensed/LicensedNotice.tsx';
import { useLicensedEngines } from '../../components/licensed/useLicensedEngines.ts';
import { ModuleFileField } from '../../components/module-page/ModuleFileField.tsx';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { appendPicked, countPicked, NO_FILES, paramsProblem, type PickedFiles } from '../../components/module-page/picked-files.ts';
import { pick } from '../../i18n/index.ts';
import './vasp.i18n.ts';

/** /calculate/vasp: one input archive (field `vasp`), the cores and the hours the run is held for. */
export default function VaspPage() {
  const { t, i18n } = useTranslation('vasp');
  const engines = useLicensedEngines();
  const [archive, setArchive] = useState<PickedFiles>(NO_FILES);
  const [cores, setCores] = useState(1);
  const [hours, setHours] = useState(1);
  // Without the operator's MPI a run has one core; the server refuses more (vasp.mpirunMissing).
  const maxCores = engines.data && !engines.data.vasp_mpi ? 1 : VASP_LIMITS.coresMax;

  function draft(): ModuleDraft {
    if (countPicked(archive) < VASP_ARCHIVE_FIELD.min) return { problem: pick(VASP_ARCHIVE_FIELD.requiredMessage, i18n.language) };
    const values = { cores: String(cores), hours: String(hours) };
    return draftOf(paramsProblem(vaspForm, values, i18n.language === 'en'), () => {
      const body = new FormData();
      appendPicked(body, VASP_ARCHIVE_FIELD, archive);
      body.set('cores', values.cores);
      body.set('hours', values.hours);
      return body;
    });
  }

  return (
    <ModulePage form={vaspForm}>
      <LicensedNotice engine="vasp" />
      <ModuleFormLayout form={vaspForm} draft={draft()}>
        <Form.Item label={t('archive')} extra={t('archiveHint')} required>
          <ModuleFileField spec={VASP_ARCHIVE_FIELD} value={archive} onChange={setArchive} testId="vasp-archive" />
        </Form.Item>
        <Form.Item label={t('cores')} extra={maxCores === 1 ? t('coresSingle') : t('coresHint')}>
          <InputNumber min={1} max={maxCores} precision={0} value={Math.min(cores, maxCores)} onChange={(v) => setCores(v ?? 1)} data-testid="vasp-cores" />
        </Form.Item>
        <Form.Item label={t('hours')} extra={t('hoursHint')}>
          <InputNumber min={0.1} max={VASP_LIMITS.hoursMax} step={0.5} value={hours} onChange={(v) => setHours(v ?? 1)} data-testid="vasp-hours" />
        </Form.Item>
      </ModuleFormLayout>
    </ModulePage>
  );
}
