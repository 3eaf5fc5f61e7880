import { Alert, App as AntApp, Button, Modal, Typography } from 'antd';
import { CanvasEditor, Molecule } from 'openchemlib';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './molecule-input.i18n.ts';

export interface SketcherRequest {
  /** The SMILES to start from (editing a line), or empty for a blank canvas. */
  smiles: string;
  /** 1-based line being edited, or null when the drawing becomes a new line. */
  line: number | null;
}

interface Props {
  request: SketcherRequest | null;
  onDone: (smiles: string) => void;
  onCancel: () => void;
}

const EDITOR_HEIGHT = 420;

/** The molecule from a SMILES for the editor, or null when OpenChemLib cannot read it. */
function readSmiles(smiles: string): Molecule | null {
  try {
    return Molecule.fromSmiles(smiles);
  } catch {
    return null;
  }
}

/**
 * OpenChemLib's canvas editor in a modal: this module (and with it OpenChemLib, ~340 kB gzip) is
 * imported lazily, on the first click of 绘制分子, so no page pays for it before.
 */
export default function SketcherDialog({ request, onDone, onCancel }: Props) {
  const { t } = useTranslation('moleculeInput');
  const { message } = AntApp.useApp();
  const editor = useRef<CanvasEditor | null>(null);
  const [unreadable, setUnreadable] = useState<string | null>(null);

  // The modal mounts its body after opening: the editor is made when its host element appears
  // (a ref callback; React 19 runs the returned cleanup when the element goes).
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host || !request) return;
      const created = new CanvasEditor(host, { initialMode: 'molecule' });
      const start = request.smiles ? readSmiles(request.smiles) : null;
      // The editor fits a molecule to its canvas as it is given one: only once the modal is laid out
      // (the next frame), or, with no opening animation to wait through, it is fitted to nothing.
      const frame = start ? requestAnimationFrame(() => created.setMolecule(start)) : 0;
      setUnreadable(request.smiles && !start ? request.smiles : null);
      editor.current = created;
      return () => {
        cancelAnimationFrame(frame);
        created.destroy();
        editor.current = null;
      };
    },
    [request],
  );

  function done() {
    const molecule = editor.current?.getMolecule();
    if (!molecule || molecule.getAllAtoms() === 0) {
      void message.warning(t('emptyDrawing'), 3);
      return;
    }
    onDone(molecule.toIsomericSmiles());
  }

  return (
    <Modal
      open={request !== null}
      title={request?.line ? t('editTitle', { line: request.line }) : t('drawTitle')}
      width={760}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('cancel')}
        </Button>,
        <Button key="done" type="primary" onClick={done} data-testid="sketcher-done">
          {request?.line ? t('replace') : t('insert')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('editorHint')}
      </Typography.Paragraph>
      {unreadable && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('unreadable', { smiles: unreadable })} />}
      <div ref={attach} data-testid="sketcher-canvas" style={{ width: '100%', height: EDITOR_HEIGHT, border: '1px solid #d9d9d9', borderRadius: 6 }} />
    </Modal>
  );
}
