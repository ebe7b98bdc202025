import { useParams } from 'react-router';
import { PublicProfileView } from '../components/PublicProfileView';

/** /practice/:nameIdentity: a practice's or a healthcare service's public profile. */
export function PracticeProfilePage() {
  const { nameIdentity = '' } = useParams();
  return <PublicProfileView key={nameIdentity} entityType="Organization" address={nameIdentity} />;
}
