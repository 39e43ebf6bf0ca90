// The on-ramp: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const onrampProviders = { name: 'onrampProviders', method: 'GET', path: '/v1/onramp/providers' } as const
export const onrampOptions = { name: 'onrampOptions', method: 'GET', path: '/v1/onramp/options' } as const
export const onrampQuote = { name: 'onrampQuote', method: 'POST', path: '/v1/onramp/quote' } as const
export const onrampUrl = { name: 'onrampUrl', method: 'POST', path: '/v1/generators/onrampurl' } as const
export const onrampPurchase = { name: 'onrampPurchase', method: 'GET', path: '/v1/onramp/purchases/:id' } as const
export const onrampWebhook = { name: 'onrampWebhook', method: 'POST', path: '/v1/onramp/webhook/:provider' } as const
