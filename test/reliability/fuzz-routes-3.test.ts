// one part of the route fuzz (fuzz-routes.ts); the parts run in parallel
import { fuzzRoutes } from './fuzz-routes.js';

fuzzRoutes(3, 3);
