import { Form, InputNumber, Radio, Typography } from 'antd';
import { CONCENTRATION, DYNAMIC_PROTEIN_SOURCES, dynamicForm, EQUILIBRATION_NS, POSED_LIGANDS_FIELD, PRODUCTION_NS, PROTOCOLS, RECEPTOR_FILE_FIELD, SALTS, type Protocol } from '@yunyao/modules/forms/dynamic';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModuleFormLayout } from '../../components/module-page/ModuleFormLayout.tsx';
import { appendPosedLigands, EMPTY_POSED_LIGANDS, PosedLigandField, posedLigandsWarning, type PosedLigands } from '../../components/module-page/PosedLigandField.tsx';
import { appendProteinSource, EMPTY_PROTEIN_SOURCE, ProteinSourceField, proteinSourceWarning, type ProteinSource } from '../../components/module-page/ProteinSourceField.tsx';
import { draftOf, type ModuleDraft } from '../../components/module-page/module-draft.ts';
import { paramsProblem } from '../../components/module-page/picked-files.ts';
import { viewerLink } from '../../pages/viewer/viewer-params.ts';
import { formatYuan } from '../../pages/user/useUserInfo.ts';
import { chooseProtocol, editTime, protocolPrices } from './dynamic-protocol.ts';
import './dynamic.i18n.ts';

type Salt = (typeof SALTS)[number];

interface Settings {
  protocol: Protocol;
  ions: Salt;
  concentration: number;
  btime: number;
  stime: number;
}

// The standard protocol is the spec's defaults (5 + 5 ns).
const DEFAULTS: Settings = { protocol: 'standard', ions: 'NaCl', concentration: CONCENTRATION.default, btime: EQUILIBRATION_NS.default, stime: PRODUCTION_NS.default };

/**
 * The free-energy form (spec document 2, "Binding free energy"): the receptor (usually a docking
 * task's), the posed ligands as a .zip of .mol2 files, the salt and its concentration, and how long
 * to equilibrate and to sample.
 */
export function DynamicForm() {
  const { t, i18n } = useTranslation('dynamic');
  const english = i18n.language === 'en';
  const [protein, setProtein] = useState<ProteinSource>(EMPTY_PROTEIN_SOURCE);
  const [ligands, setLigands] = useState<PosedLigands>(EMPTY_POSED_LIGANDS);
  const [settings, setSettings] = useState<Settings>(DEFAULTS);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setSettings((s) => ({ ...s, [key]: value }));

  function draft(): ModuleDraft {
    const values = { protein_source: protein.type, pdb_id: protein.pdbId, ligand_source: ligands.type, ...settings };
    // In the page's order: receptor, ligands, then the settings.
    const problem =
      proteinSourceWarning(protein, english, RECEPTOR_FILE_FIELD) ?? posedLigandsWarning(ligands, english) ?? paramsProblem(dynamicForm, values, english);
    return draftOf(problem, () => {
      const body = new FormData();
      appendProteinSource(body, RECEPTOR_FILE_FIELD, protein);
      appendPosedLigands(body, POSED_LIGANDS_FIELD, ligands);
      for (const [key, value] of Object.entries(settings)) body.set(key, String(value));
      return body;
    });
  }

  const prices = protocolPrices(settings);

  const nanoseconds = (key: 'btime' | 'stime', bounds: { min: number; max: number; default: number }) => (
    <InputNumber
      min={bounds.min}
      max={bounds.max}
      step={0.5}
      value={settings[key]}
      onChange={(v) => setSettings((s) => editTime(s, key, Number(v ?? bounds.default)))}
      addonAfter="ns"
      style={{ width: 160 }}
      data-testid={`dynamic-${key}`}
    />
  );

  return (
    <ModuleFormLayout form={dynamicForm} draft={draft()}>
      <ProteinSourceField spec={RECEPTOR_FILE_FIELD} value={protein} onChange={setProtein} testId="dynamic-protein" types={DYNAMIC_PROTEIN_SOURCES} />
      <Form.Item label=" " colon={false}>
        <Typography.Text type="secondary">
          {t('receptorHint')} <Link to={receptorViewerLink(protein)} target="_blank" data-testid="dynamic-open-viewer">
            {t('openViewer')}
          </Link>
        </Typography.Text>
      </Form.Item>
      <PosedLigandField spec={POSED_LIGANDS_FIELD} value={ligands} onChange={setLigands} label={t('ligands')} hint={t('ligandsHint')} testId="dynamic-ligands" />
      <Form.Item label={t('salt')}>
        <Radio.Group value={settings.ions} onChange={(e) => set('ions', e.target.value as Salt)} optionType="button" options={SALTS.map((s) => ({ value: s, label: s }))} data-testid="dynamic-ions" />
      </Form.Item>
      <Form.Item label={t('concentration')} extra={t('concentrationHelp')}>
        <InputNumber
          min={CONCENTRATION.min}
          max={CONCENTRATION.max}
          step={CONCENTRATION.step}
          precision={2}
          value={settings.concentration}
          onChange={(v) => set('concentration', Number(v ?? CONCENTRATION.default))}
          addonAfter="mol/L"
          style={{ width: 180 }}
          data-testid="dynamic-concentration"
        />
      </Form.Item>
      <Form.Item label={t('protocol')} extra={t('protocolHelp')}>
        <Radio.Group
          value={settings.protocol}
          onChange={(e) => setSettings((s) => chooseProtocol(s, e.target.value as Protocol))}
          optionType="button"
          options={PROTOCOLS.map((p) => ({
            value: p,
            label: <span data-testid={`dynamic-protocol-${p}`} data-price={prices[p]}>{t('protocolOption', { name: t(`protocols.${p}`), price: formatYuan(prices[p]) })}</span>,
          }))}
          data-testid="dynamic-protocol"
        />
      </Form.Item>
      <Form.Item label={t('btime')} extra={t('btimeHelp')}>
        {nanoseconds('btime', EQUILIBRATION_NS)}
      </Form.Item>
      <Form.Item label={t('stime')} extra={t('stimeHelp')}>
        {nanoseconds('stime', PRODUCTION_NS)}
      </Form.Item>
    </ModuleFormLayout>
  );
}

/** The viewer on the chosen receptor where the platform can fetch it (an RCSB id, a data-center file); else the empty viewer, for an upload. */
function receptorViewerLink(protein: ProteinSource): string {
  const pdbId = protein.pdbId.trim();
  if (protein.type === 'rcsb' && pdbId.length === 4) return viewerLink({ pdbId });
  const picked = protein.files.dataCenter[0];
  if (protein.type === 'cos' && picked) return viewerLink({ url: picked.url });
  return viewerLink({});
}
