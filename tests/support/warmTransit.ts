import type { FastifyInstance } from 'fastify';

/**
 * Sends public-transport requests until one is answered: the first one loads the street graph and the
 * métro timetable (seconds, more on a loaded machine, possibly past the request deadline), and the load
 * goes on after a 503, so a later request finds them in memory. Tests then time and assert warm requests.
 */
export async function warmTransit(app: FastifyInstance, coordinates: [number, number]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/isochrone/generate',
      payload: { coordinates, transportMode: 'public-transport', zoneType: 'time', travelTime: 5 },
    });
    if (response.statusCode === 200) return;
    if (response.statusCode !== 503 || attempt === 5) {
      throw new Error(`Préchauffage du transport en commun : HTTP ${response.statusCode} ${response.body}`);
    }
  }
}
