// What the shell provides to every app as the shared singleton "react-router-dom".
//
// A shared module cannot be tree-shaken (any remote may use any export), and react-router 7's
// entry also carries data routers, server rendering, sessions and React Server Components:
// about 60 KB gzip on every page. The suite routes in declarative mode (<BrowserRouter>,
// <Routes>, hooks), so this module re-exports exactly that API and webpack drops the rest.
// Data-router APIs (createBrowserRouter, loaders, actions, <Form>, useFetcher, …) are not
// shared; `shared-router.spec.ts` in the shell fails when an app imports a name missing here.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  NavigationType,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
