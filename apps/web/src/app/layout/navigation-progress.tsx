import { useNavigation } from 'react-router';

/** A thin bar while the next page's code is loading, so a slow network never looks frozen. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="animate-progress h-full w-2/5 bg-indigo-600" />
    </div>
  );
}
