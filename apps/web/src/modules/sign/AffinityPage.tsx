import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Radio, Space, Steps } from 'antd';
import { graphDtaForm } from '@yunyao/modules/forms/graph_dta';
import { signForm } from '@yunyao/modules/forms/sign';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/navigation.ts';
import { ModulePage } from '../../components/module-page/ModulePage.tsx';
import { GraphDtaForm } from '../graph_dta/GraphDtaForm.tsx';
import { downloadSamples } from './affinity-samples.ts';
import { SignForm } from './SignForm.tsx';
import './sign.i18n.ts';

type Method = 'sign' | 'graph_dta';

/**
 * /calculate/affinity, the docking-and-affinity page (spec document 1, section 6): SIGN (3D) or
 * GRAFDTA (2D) chosen by a radio, each the module's own form; after a submit the task list opens.
 */
export default function AffinityPage() {
  const { t } = useTranslation('sign');
  const navigate = useAppNavigate();
  const [method, setMethod] = useState<Method>('sign');
  const toList = () => navigate('/calculate/list');
  const steps = method === 'sign' ? ['stepProtein', 'stepSite', 'stepLigands'] : ['stepSequence', 'stepMolecules'];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Radio.Group
            value={method}
            onChange={(e) => setMethod(e.target.value as Method)}
            optionType="button"
            buttonStyle="solid"
            data-testid="affinity-method"
            options={[
              { value: 'sign', label: t('methodSign') },
              { value: 'graph_dta', label: t('methodGrafdta') },
            ]}
          />
          <Button icon={<DownloadOutlined />} onClick={() => downloadSamples(method)} data-testid="affinity-samples">
            {t('samples')}
          </Button>
        </Space>
        <Steps style={{ marginTop: 16 }} size="small" items={steps.map((key) => ({ title: t(key), status: 'process' }))} />
      </Card>
      {method === 'sign' ? (
        <ModulePage form={signForm}>
          <SignForm onSubmitted={toList} />
        </ModulePage>
      ) : (
        <ModulePage form={graphDtaForm}>
          <GraphDtaForm onSubmitted={toList} />
        </ModulePage>
      )}
    </Space>
  );
}
