import { Card, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GraphDtaForm } from '../graph_dta/GraphDtaForm.tsx';
import { SignForm } from './SignForm.tsx';
import '../../components/affinity/affinity.i18n.ts';

/**
 * /calculate/molecule (spec document 1 section 6): the docking-and-affinity page, SIGN (3D structure)
 * or GRAFDTA (2D sequence) by a radio, each the same form as its own page; a submit goes on to the
 * task list.
 */
export default function DockingAffinityPage() {
  const { t } = useTranslation('affinity');
  const navigate = useNavigate();
  const [mode, setMode] = useState<'sign' | 'graph_dta'>('sign');
  const toList = () => void navigate('/calculate/list');
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'sign' | 'graph_dta')} optionType="button" buttonStyle="solid" data-testid="affinity-mode">
          <Radio value="sign">{t('modeSign')}</Radio>
          <Radio value="graph_dta">{t('modeDta')}</Radio>
        </Radio.Group>
      </Card>
      {mode === 'sign' ? <SignForm onSubmitted={toList} /> : <GraphDtaForm onSubmitted={toList} />}
    </>
  );
}
