import { useParams } from 'react-router';
import { PublicProfileView } from '../components/PublicProfileView';

/** /providers/:id: a provider's public profile, by their id or their profile's address segment. */
export function ProviderProfilePage() {
  const { id = '' } = useParams();
  return <PublicProfileView key={id} entityType="Provider" address={id} />;
}
