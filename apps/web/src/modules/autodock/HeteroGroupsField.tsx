import { Checkbox, Form, Skeleton, Space, Tag, Typography } from 'antd';
import type { HeteroGroup } from '@yunyao/modules/forms/autodock';
import { useTranslation } from 'react-i18next';
import './autodock.i18n.ts';

/** One heavy atom: a metal or other ion; up to this many: a small additive; more: a cofactor or ligand. */
const ION_ATOMS = 1;

/**
 * Which hetero groups of the loaded structure the receptor keeps (`keep_hetero`). The groups come
 * from the PDB text the 3D view loaded; metals and common cofactors start ticked, ligands do not.
 */
export function HeteroGroupsField({
  groups,
  loading,
  value,
  onChange,
}: {
  groups: HeteroGroup[] | null;
  loading: boolean;
  value: string[];
  onChange: (names: string[]) => void;
}) {
  const { t } = useTranslation('autodock');
  const body = loading ? (
    <Skeleton.Input active size="small" style={{ width: 320 }} />
  ) : groups === null ? (
    <Typography.Text type="secondary">{t('heteroLoadProtein')}</Typography.Text>
  ) : groups.length === 0 ? (
    <Typography.Text type="secondary">{t('heteroNone')}</Typography.Text>
  ) : (
    <Space orientation="vertical" size={4}>
      <Checkbox.Group value={value} onChange={(names) => onChange(names.map(String))} data-testid="docking-hetero">
        <Space wrap>
          {groups.map((g) => (
            <Checkbox key={g.name} value={g.name} data-testid={`docking-hetero-${g.name}`}>
              <Typography.Text code>{g.name}</Typography.Text>
              <Tag color={g.atoms <= ION_ATOMS ? 'gold' : g.preselected ? 'green' : 'default'} style={{ marginInlineStart: 4 }}>
                {t(g.atoms <= ION_ATOMS ? 'heteroIon' : g.preselected ? 'heteroCofactor' : 'heteroOther')}
              </Tag>
              <Typography.Text type="secondary">{t('heteroCopies', { copies: g.copies, atoms: g.atoms })}</Typography.Text>
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Typography.Text type="secondary">{t('heteroHint')}</Typography.Text>
    </Space>
  );
  return (
    <Form.Item label={t('heteroLabel')} tooltip={t('heteroTooltip')}>
      <div style={{ minHeight: 32 }}>{body}</div>
    </Form.Item>
  );
}
