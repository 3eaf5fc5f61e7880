import { Collapse, Form, Typography } from 'antd';
import { supportedOptions, type RosettaModule } from '@yunyao/modules/forms/minimizer';
import type { FileFieldSpec, ModuleForm } from '@yunyao/modules/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pick } from '../../i18n/index.ts';
import { LicensedNotice } from '../licensed/LicensedNotice.tsx';
import { ModuleFileField } from '../module-page/ModuleFileField.tsx';
import { ModuleFormLayout } from '../module-page/ModuleFormLayout.tsx';
import { ModulePage } from '../module-page/ModulePage.tsx';
import { draftOf, type ModuleDraft } from '../module-page/module-draft.ts';
import { appendPicked, countPicked, NO_FILES, paramsProblem, type PickedFiles } from '../module-page/picked-files.ts';
import './rosetta.i18n.ts';

/** A flags file each page shows as its example (the minimisation tutorial's, and a packer run's). */
const EXAMPLES: Record<RosettaModule, string> = {
  minimizer: '-s protein.pdb\n-movemap movemap.txt\n-run:min_type lbfgs_armijo_nonmonotone\n-run:min_tolerance 0.001\n-score:weights ref2015',
  packer: '-s protein.pdb\n-resfile resfile.txt\n-ex1\n-ex2\n-use_input_sc\n-linmem_ig 10\n-nstruct 3',
};

interface RosettaFormPageProps {
  module: RosettaModule;
  form: ModuleForm;
  /** The module's own file: Minimize's movemap, Packer's resfile (field `residue`); its label and hint are `rosetta:<field>`, `rosetta:<field>Hint`. */
  own: FileFieldSpec;
}

/**
 * /calculate/rosetta and /calculate/packer: a protein, a flags file and the module's own file, posted to
 * the shared POST /api/rosetta (the api client adds `module`); the licence notice and the options the
 * server accepts are on the page, so a refused flags file is no surprise.
 */
export function RosettaFormPage({ module, form, own }: RosettaFormPageProps) {
  const { t, i18n } = useTranslation('rosetta');
  const [protein, flags] = form.files;
  const [files, setFiles] = useState<Record<string, PickedFiles>>({});
  const specs = [protein!, flags!, own];
  const picked = (spec: FileFieldSpec) => files[spec.field] ?? NO_FILES;
  const options = supportedOptions(module);

  function draft(): ModuleDraft {
    const missing = specs.find((spec) => countPicked(picked(spec)) < spec.min);
    if (missing) return { problem: pick(missing.requiredMessage, i18n.language) };
    return draftOf(paramsProblem(form, { protein_source: 'file' }, i18n.language === 'en'), () => {
      const body = new FormData();
      body.set('protein_source', 'file');
      for (const spec of specs) appendPicked(body, spec, picked(spec));
      return body;
    });
  }

  const labels: Record<string, { label: string; hint?: string }> = {
    [protein!.field]: { label: t('protein') },
    [flags!.field]: { label: t('flags'), hint: t('flagsHint') },
    [own.field]: { label: t(own.field), hint: t(`${own.field}Hint`) },
  };

  return (
    <ModulePage form={form}>
      <LicensedNotice engine="rosetta" />
      <ModuleFormLayout form={form} draft={draft()}>
        {specs.map((spec) => (
          <Form.Item key={spec.field} label={labels[spec.field]!.label} extra={labels[spec.field]!.hint} required>
            <ModuleFileField spec={spec} value={picked(spec)} onChange={(value) => setFiles((prev) => ({ ...prev, [spec.field]: value }))} testId={`${module}-${spec.field}`} />
          </Form.Item>
        ))}
        <Collapse
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'options',
              label: t('options', { count: options.length }),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('optionsHint')}</Typography.Paragraph>
                  <Typography.Paragraph code data-testid={`${module}-options`}>
                    {options.join('  ')}
                  </Typography.Paragraph>
                  <Typography.Text strong>{t('example')}</Typography.Text>
                  <pre style={{ margin: 0 }}>{EXAMPLES[module]}</pre>
                </>
              ),
            },
          ]}
        />
      </ModuleFormLayout>
    </ModulePage>
  );
}
