import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { surveyUrl } from '../../shared/navigation/productLinks';
import { logout } from '../../shared/session/authActions';
import { LoadingSpinner } from '../../shared/ui/LoadingSpinner';

/**
 * appointments/{id}/start-survey (patient-booking.md §2.1): signs out whoever is signed in, so the survey
 * is answered as the patient it was sent to, then opens the survey app at /survey/appointment/{id} with the
 * link's signature (exp, sig).
 */
export function StartSurveyRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const exp = params.get('exp');
  const sig = params.get('sig');
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void logout().then(() => {
      if (!cancelled) void navigate(surveyUrl(id, { exp, sig }), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [id, exp, sig, navigate]);
  return <LoadingSpinner minHeight="60vh" />;
}
