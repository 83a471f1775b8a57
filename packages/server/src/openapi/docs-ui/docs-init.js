/* global window, SwaggerUIBundle */
// The API docs page's only script of its own (served from a file: the CSP allows no inline
// script). Swagger UI reads the portal's generated document; it calls no validator service and
// loads nothing from another origin.
window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    persistAuthorization: false,
  });
});
