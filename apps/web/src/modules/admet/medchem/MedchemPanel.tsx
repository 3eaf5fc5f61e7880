import { CheckCircleTwoTone } from '@ant-design/icons';
import { Alert, Card, Col, List, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { DRUG_LIKENESS_RULES, type AlertCatalog, type BoiledEgg, type DrugLikeness, type EggRegion, type StructuralAlert } from '@yunyao/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Molecule2D } from '../../../components/Molecule2D.tsx';
import './medchem.i18n.ts';

export const EGG_REGION_COLORS: Record<EggRegion, string> = { yolk: '#d48806', white: '#1677ff', outside: '#8c8c8c' };
const CATALOG_COLORS: Record<AlertCatalog, string> = { PAINS_A: 'red', PAINS_B: 'red', PAINS_C: 'red', Brenk: 'orange', NIH: 'gold' };
const catalogFamily = (catalog: AlertCatalog) => (catalog.startsWith('PAINS') ? 'PAINS' : catalog);

/** "rotatable bonds 15 > 10" with the criterion in the reader's language. */
function useCriterionText(): (violation: string) => string {
  const { t } = useTranslation('admetMedchem');
  return (violation) => {
    const match = /^(.+?) (-?[\d.]+ .+)$/.exec(violation);
    return match ? `${t(`criteria.${match[1]!}`, { defaultValue: match[1]! })} ${match[2]!}` : violation;
  };
}

/** Each rule as a pass/fail tag, a failing one followed by the criteria it failed. */
export function RuleVerdicts({ rules }: { rules: DrugLikeness }) {
  const { t } = useTranslation('admetMedchem');
  const criterion = useCriterionText();
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="admet-rules">
      {DRUG_LIKENESS_RULES.map((name) => {
        const verdict = rules[name];
        return (
          <div key={name} data-testid={`admet-rule-${name}`} data-pass={verdict.pass}>
            <Tag color={verdict.pass ? 'success' : 'error'} style={{ minWidth: 92 }}>
              {name} {verdict.pass ? t('rulePass') : t('ruleFail')}
            </Tag>
            <Typography.Text type={verdict.pass ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
              {verdict.violations.map(criterion).join('；')}
            </Typography.Text>
          </div>
        );
      })}
    </Space>
  );
}

export function EggVerdict({ egg }: { egg: BoiledEgg }) {
  const { t } = useTranslation('admetMedchem');
  return (
    <Space wrap size={4} data-testid="admet-egg">
      <Tag color={EGG_REGION_COLORS[egg.region]}>{t(`eggRegions.${egg.region}`)}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        WLOGP {egg.wlogp.toFixed(2)} · TPSA {egg.tpsa.toFixed(1)} Å²
      </Typography.Text>
    </Space>
  );
}

/** The alerts as a list; the chosen one is highlighted in the drawing beside it (on paper, the first). */
export function AlertList({ smiles, alerts, drawing = 220, interactive = true }: { smiles: string; alerts: StructuralAlert[]; drawing?: number; interactive?: boolean }) {
  const { t } = useTranslation('admetMedchem');
  const [chosen, setChosen] = useState(0);
  if (alerts.length === 0) {
    return (
      <Space data-testid="admet-alerts" data-count={0}>
        <CheckCircleTwoTone twoToneColor="#52c41a" />
        <Typography.Text>{t('noAlerts')}</Typography.Text>
      </Space>
    );
  }
  const selected = alerts[Math.min(chosen, alerts.length - 1)]!;
  return (
    <Row gutter={12} wrap={false} data-testid="admet-alerts" data-count={alerts.length}>
      <Col flex={`${drawing}px`}>
        <Molecule2D smiles={smiles} width={drawing} height={Math.round(drawing * 0.75)} highlight={selected} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('alertCount', { count: alerts.length })}
          {interactive && ` · ${t('alertHint')}`}
        </Typography.Text>
        <List
          size="small"
          dataSource={alerts}
          renderItem={(alert, i) => (
            <List.Item
              onClick={() => setChosen(i)}
              style={{ cursor: 'pointer', padding: '2px 4px', background: alert === selected ? '#fff1f0' : undefined }}
              data-testid="admet-alert"
            >
              <Tooltip title={t(`catalogHints.${catalogFamily(alert.catalog)}`)}>
                <Tag color={CATALOG_COLORS[alert.catalog]}>{alert.catalog.replace('_', ' ')}</Tag>
              </Tooltip>
              <Typography.Text style={{ flex: 1 }}>{alert.name}</Typography.Text>
            </List.Item>
          )}
        />
      </Col>
    </Row>
  );
}

export interface MedchemProfile {
  Smiles: string;
  alerts?: StructuralAlert[] | null | undefined;
  rules?: DrugLikeness | null | undefined;
  boiled_egg?: BoiledEgg | null | undefined;
}

/** The detail dialog's medicinal-chemistry card: rules, BOILED-Egg place, and structural alerts with their matches drawn. */
export function MedchemPanel({ profile }: { profile: MedchemProfile }) {
  const { t } = useTranslation('admetMedchem');
  const { alerts, rules, boiled_egg: egg } = profile;
  return (
    <Card size="small" title={t('panelTitle')} data-testid="admet-medchem">
      {!alerts || !rules || !egg ? (
        <Alert type="info" showIcon title={t('notComputed')} />
      ) : (
        <Row gutter={[16, 12]}>
          <Col xs={24} md={10}>
            <Typography.Text strong>{t('rules')}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
              {t('rulesHint')}
            </Typography.Paragraph>
            <RuleVerdicts rules={rules} />
            <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
              {t('egg')}
            </Typography.Text>
            <EggVerdict egg={egg} />
          </Col>
          <Col xs={24} md={14}>
            <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
              {t('alerts')}
            </Typography.Text>
            <AlertList smiles={profile.Smiles} alerts={alerts} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
