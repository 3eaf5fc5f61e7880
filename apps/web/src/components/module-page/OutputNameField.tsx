import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './module-page.i18n.ts';

export interface OutputName {
  name: string;
  extension: string;
}

/** Output file name plus an extension select; the form joins them as `name.ext`. */
export function OutputNameField({
  value,
  extensions,
  onChange,
  testId,
}: {
  value: OutputName;
  extensions: readonly string[];
  onChange: (value: OutputName) => void;
  testId: string;
}) {
  const { t } = useTranslation('modulePage');
  return (
    <Space.Compact style={{ width: 420, maxWidth: '100%' }}>
      <Input
        value={value.name}
        placeholder={t('outputNamePlaceholder')}
        maxLength={90}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
        data-testid={`${testId}-name`}
      />
      <Select
        style={{ width: 120 }}
        value={value.extension}
        onChange={(extension: string) => onChange({ ...value, extension })}
        options={extensions.map((e) => ({ value: e, label: `.${e}` }))}
        data-testid={`${testId}-ext`}
      />
    </Space.Compact>
  );
}

/** `name.ext`, or '' when no name was typed so the schema's required message shows. */
export const joinOutputName = (value: OutputName) => (value.name.trim() ? `${value.name.trim()}.${value.extension}` : '');
