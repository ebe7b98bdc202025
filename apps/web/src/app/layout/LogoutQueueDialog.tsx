import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shared/ui/AppDialog';

/**
 * Logout with patients in the walk-in queue (practice-portal.md §2.7): 'Patients in Queue', how many still
 * wait, 'Are you sure you want to leave?', with 'Logout' (continue) and 'Stay' (close the dialog).
 */
export default function LogoutQueueDialog({
  count,
  onLogout,
  onStay,
}: {
  count: number;
  onLogout: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('practiceDay');
  return (
    <AppDialog
      opened={count > 0}
      onClose={onStay}
      title={t('logout.title')}
      message={
        <>
          {t('logout.text', { count })}
          <br />
          {t('logout.question')}
        </>
      }
      secondary={{ label: t('logout.stay'), onClick: onStay }}
      primary={{ label: t('logout.logout'), onClick: onLogout }}
    />
  );
}
