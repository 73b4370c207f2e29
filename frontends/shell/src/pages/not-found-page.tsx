import { ErrorPanel } from '@mediport/ui';
import { MESSAGES } from '../messages';

export function NotFoundPage() {
  return <ErrorPanel title={MESSAGES.notFoundTitle} message={MESSAGES.notFound} />;
}
