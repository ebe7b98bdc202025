import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Input, Skeleton, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HostedFieldEnvironment } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { startCardField } from './api';
import type { HostedGateway } from './cardFormKind';
import {
  FORTIS_ELEMENTS_SCRIPT,
  GLOBALPAY_SCRIPT,
  GP_API_VERSION,
  loadScript,
  type FortisElements,
} from './hostedFields';

export interface HostedCardFormProps {
  gateway: HostedGateway;
  environment: HostedFieldEnvironment;
  organizationId: string;
  locationId: string | null;
  /** The pay button's text (the fee and 'Pay and book'). */
  submitLabel: string;
  /** The booking is being made with the token. */
  busy: boolean;
  /** The one-time token the gateway made of the card: paid with at once, never kept (decision 0077). */
  onToken: (token: string) => void;
  /** Shown next to the pay button (for example: find another time). */
  secondary?: React.ReactNode;
}

const GATEWAY_NAMES: Record<HostedGateway, string> = { fortis: 'Fortis', globalpay: 'Global Payments' };

type State = { phase: 'loading' } | { phase: 'ready' } | { phase: 'failed'; message: string | null };

/**
 * The card fields of the practice's gateway when it is Fortis or Global Payments (decision 0077). The server starts
 * the field (Fortis Elements' client token, or a Global Payments access token that may only make a card token), the
 * gateway's script is loaded now (not with the app), the card number is typed in the gateway's frames, and the
 * one-time token it answers goes to onToken, which authorizes the fee and books. A new attempt (after a decline)
 * mounts this form anew, with a new session.
 */
export default function HostedCardForm({
  gateway,
  environment,
  organizationId,
  locationId,
  submitLabel,
  busy,
  onToken,
  secondary,
}: HostedCardFormProps) {
  const { t } = useTranslation('bookingPayment');
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const elements = useRef<FortisElements | null>(null);
  const tokenHandler = useRef(onToken);
  useEffect(() => {
    tokenHandler.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    const fail = (error: unknown) => {
      if (!cancelled)
        setState({ phase: 'failed', message: error instanceof ApiError ? error.message : null });
    };
    const session = startCardField(gateway, {
      OrganizationId: organizationId,
      ...(locationId ? { LocationId: locationId } : {}),
    });
    if (gateway === 'fortis') {
      Promise.all([session, loadScript(FORTIS_ELEMENTS_SCRIPT[environment], 'Commerce')])
        .then(([started, Commerce]) => {
          if (cancelled) return;
          const form = new Commerce.elements(started.Token);
          form.on('ready', () => !cancelled && setState({ phase: 'ready' }));
          form.on('done', (payload) => {
            const token = payload.data?.id;
            if (token) tokenHandler.current(token);
            else setFieldError(t('card.hosted.failed'));
          });
          form.on('validationError', () => setFieldError(t('card.hosted.invalid')));
          form.on('error', (payload) => setFieldError(payload.message ?? t('card.hosted.failed')));
          form.create({
            container: `#${id}-card`,
            theme: 'default',
            environment: started.Environment,
            view: 'default',
            showSubmitButton: false,
            floatingLabels: false,
          });
          elements.current = form;
        })
        .catch(fail);
    } else {
      Promise.all([session, loadScript(GLOBALPAY_SCRIPT, 'GlobalPayments')])
        .then(([started, GlobalPayments]) => {
          if (cancelled) return;
          GlobalPayments.configure({
            accessToken: started.Token,
            apiVersion: GP_API_VERSION,
            env: started.Environment === 'production' ? 'production' : 'sandbox',
          });
          const form = GlobalPayments.ui.form({
            fields: {
              'card-holder-name': { target: `#${id}-name`, placeholder: t('card.name') },
              'card-number': { target: `#${id}-number`, placeholder: '•••• •••• •••• ••••' },
              'card-expiration': { target: `#${id}-expiry`, placeholder: 'MM / YYYY' },
              'card-cvv': { target: `#${id}-cvv`, placeholder: '•••' },
              submit: { target: `#${id}-submit`, text: submitLabel },
            },
          });
          form.ready(() => !cancelled && setState({ phase: 'ready' }));
          form.on('token-success', (response) => tokenHandler.current(response.paymentReference));
          form.on('token-error', (response) =>
            setFieldError(
              response.reasons?.[0]?.message ?? response.error?.message ?? t('card.hosted.invalid'),
            ),
          );
        })
        .catch(fail);
    }
    return () => {
      cancelled = true;
      elements.current = null;
    };
    // One session per mount: the submit label changes with the language only, which a new attempt picks up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gateway, environment, organizationId, locationId, id]);

  const frame = (suffix: string, label: string, minHeight = 48) => (
    <Input.Wrapper label={label}>
      <Box id={`${id}-${suffix}`} data-testid={`hosted-${suffix}`} mt={4} style={{ minHeight }} />
    </Input.Wrapper>
  );

  return (
    <Stack gap="md" aria-label={t('card.formLabel')} role="group">
      {state.phase === 'failed' && (
        <Alert color="red" role="alert">
          {state.message ?? t('card.hosted.unavailable', { gateway: GATEWAY_NAMES[gateway] })}
        </Alert>
      )}
      {fieldError && (
        <Alert color="red" role="alert">
          {fieldError}
        </Alert>
      )}
      {state.phase === 'loading' && <Skeleton height={160} radius="md" data-testid="hosted-loading" />}
      <Box style={state.phase === 'ready' ? undefined : { display: 'none' }}>
        {gateway === 'fortis' ? (
          frame('card', t('card.stripe.label'), 160)
        ) : (
          <Stack gap="sm">
            {frame('name', t('card.name'))}
            {frame('number', t('card.number'))}
            <Group grow align="flex-start">
              {frame('expiry', t('card.expiry'))}
              {frame('cvv', t('card.cvc'))}
            </Group>
          </Stack>
        )}
      </Box>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Input.Description>{t('card.hosted.note', { gateway: GATEWAY_NAMES[gateway] })}</Input.Description>
      </Group>
      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        {secondary ?? <span />}
        {gateway === 'fortis' ? (
          <Button
            size="md"
            loading={busy}
            disabled={state.phase !== 'ready'}
            onClick={() => {
              setFieldError(null);
              elements.current?.submit();
            }}
          >
            {submitLabel}
          </Button>
        ) : (
          // Global Payments' pay button is one of its hosted fields: it reads the card from the other frames.
          <Box
            id={`${id}-submit`}
            data-testid="hosted-submit"
            aria-busy={busy}
            style={{ minWidth: 200, minHeight: 42 }}
          />
        )}
      </Group>
    </Stack>
  );
}
