import { useEffect, useRef, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PNG_PREFIX = 'data:image/png;base64,';

/**
 * A signature, typed (the signer's name) or drawn (a PNG). Drawing works with a mouse, a finger or a pen;
 * typing is the keyboard and screen reader path.
 */
export function SignaturePad({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
}) {
  const { t } = useTranslation('checkin');
  const [mode, setMode] = useState<'type' | 'draw'>(value.startsWith(PNG_PREFIX) ? 'draw' : 'type');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c || mode !== 'draw') return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111';
  }, [mode]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) / rect.width) * e.currentTarget.width,
      y: ((e.clientY - rect.top) / rect.height) * e.currentTarget.height,
    };
  };

  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {label}
        {required ? ' *' : ''}
      </Text>
      <SegmentedControl
        value={mode}
        onChange={(v) => {
          setMode(v);
          onChange('');
        }}
        data={[
          { value: 'type', label: t('signature.type') },
          { value: 'draw', label: t('signature.draw') },
        ]}
      />
      {mode === 'type' ? (
        <TextInput
          label={t('signature.typedLabel', { label })}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'cursive', fontSize: 20 } }}
        />
      ) : (
        <>
          <canvas
            ref={canvas}
            width={600}
            height={180}
            role="img"
            aria-label={t('signature.canvas', { label })}
            style={{
              width: '100%',
              maxWidth: 600,
              height: 'auto',
              aspectRatio: '10 / 3',
              border: '1px solid #868e96',
              borderRadius: 8,
              touchAction: 'none',
              background: '#fff',
            }}
            onPointerDown={(e) => {
              drawing.current = true;
              const ctx = e.currentTarget.getContext('2d');
              const p = point(e);
              ctx?.beginPath();
              ctx?.moveTo(p.x, p.y);
            }}
            onPointerMove={(e) => {
              if (!drawing.current) return;
              const ctx = e.currentTarget.getContext('2d');
              const p = point(e);
              ctx?.lineTo(p.x, p.y);
              ctx?.stroke();
            }}
            onPointerUp={(e) => {
              drawing.current = false;
              onChange(e.currentTarget.toDataURL('image/png'));
            }}
          />
          <Group>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                const c = canvas.current;
                c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
                onChange('');
              }}
            >
              {t('signature.clear')}
            </Button>
            {value && <Text size="sm">{t('signature.drawn')}</Text>}
          </Group>
        </>
      )}
    </Stack>
  );
}
