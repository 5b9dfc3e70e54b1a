/** The API contract: request and response schemas both sides import (issue 12). */
export {};
