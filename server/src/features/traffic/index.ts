export { trafficRoutes } from './traffic-routes';
export { createTrafficService, type TrafficService } from './traffic-service';
