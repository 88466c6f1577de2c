// Command gofiber_fiber_v2 drives a Fiber v2 JSON API under a realistic load and profiles it.
//
// The service is a small catalogue/orders REST API written the way Fiber's README and docs show
// it (corpus copy /tmp/perfproof-corpus/gofiber_fiber_v2): fiber.New with a custom ErrorHandler
// (docs/guide/error-handling.md), the common middleware stack — recover.New(), requestid.New()
// and logger.New with the documented request-id format "${pid} ${locals:requestid} ${status} -
// ${method} ${path}\n" (docs/api/middleware/logger.md, "Logging Request ID"; Output io.Discard),
// cors.New() (docs/api/middleware/cors.md default) — an /api/v1 group with routes taking path
// params (/products/:id, /users/:id/orders), handlers using c.ParamsParser, c.QueryParser and
// c.BodyParser into tagged structs (docs/api/ctx.md) and answering with c.JSON / c.Status(201).
// It is served by Fiber's own server (fasthttp) via app.Listener on a 127.0.0.1:0 listener and
// driven over real HTTP/1.1 keep-alive connections by 3 client goroutines.
//
// Data set up before the load: 2,000 products in 12 categories, 500 users with 8 orders each.
//
// The mix (per request, weighted random), typical of a read-heavy public JSON API where reads
// outnumber writes about 4:1:
//
//	get_product   40%  GET  /api/v1/products/:id                        -> one product, ~350 B JSON
//	list_products 25%  GET  /api/v1/products?category=c&limit=20&offset=o -> page of 20, ~7 KB
//	user_orders   10%  GET  /api/v1/users/:id/orders?status=s&limit=10   -> up to 10 orders, ~3 KB
//	create_order  15%  POST /api/v1/orders       JSON body ~250 B (user, 1-5 items, address) -> 201
//	update_product 10% PUT  /api/v1/products/:id JSON body ~200 B (price, stock, tags)       -> 200
//
// Every response status is checked (200/201 expected); more than 1 % failures exits 1.
package main

import (
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"
	"github.com/gofiber/fiber/v2/middleware/logger"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/gofiber/fiber/v2/middleware/requestid"
)

const name = "gofiber_fiber_v2"

func main() {
	f := registerWindowFlags()
	f.parse()
	os.Exit(runAPI(name, f, func(st *store, ln net.Listener) apiServer {
		app := newServer(st)
		return apiServer{
			serve: func() error { return app.Listener(ln) },
			shutdown: func(client *http.Client) error {
				client.CloseIdleConnections()
				return app.ShutdownWithTimeout(5 * time.Second)
			},
		}
	}))
}

// ---- the service (the data, the store and the load are in apiload) ----

// The requests that name path parameters, with Fiber's tag for them.

type productPath struct {
	ID int `params:"id"`
}

type userOrdersQuery struct {
	UserID int    `params:"id"`
	Status string `query:"status"`
	Limit  int    `query:"limit"`
}

type updateProductReq struct {
	ID         int      `params:"id"`
	PriceCents *int     `json:"price_cents"`
	Stock      *int     `json:"stock"`
	Tags       []string `json:"tags"`
	Name       string   `json:"name"`
}

func (s *store) getProduct(c *fiber.Ctx) error {
	var p productPath
	if err := c.ParamsParser(&p); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	out, ok := s.product(p.ID)
	if !ok {
		return fiber.NewError(fiber.StatusNotFound, "product not found")
	}
	return c.JSON(out)
}

func (s *store) listProducts(c *fiber.Ctx) error {
	var q listQuery
	if err := c.QueryParser(&q); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	return c.JSON(s.list(q))
}

func (s *store) userOrders(c *fiber.Ctx) error {
	var q userOrdersQuery
	if err := c.ParamsParser(&q); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	if err := c.QueryParser(&q); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	return c.JSON(fiber.Map{"user_id": q.UserID, "orders": s.recentOrders(q.UserID, q.Status, q.Limit)})
}

func (s *store) createOrder(c *fiber.Ctx) error {
	var req createOrderReq
	if err := c.BodyParser(&req); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	o, err := s.placeOrder(req)
	if err != nil {
		return fiber.NewError(fiber.StatusUnprocessableEntity, err.Error())
	}
	c.Location(orderLocation(o))
	return c.Status(fiber.StatusCreated).JSON(o)
}

func (s *store) updateProduct(c *fiber.Ctx) error {
	var req updateProductReq
	if err := c.ParamsParser(&req); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	if err := c.BodyParser(&req); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	out, ok := s.update(req.ID, productUpdate{req.PriceCents, req.Stock, req.Tags, req.Name})
	if !ok {
		return fiber.NewError(fiber.StatusNotFound, "product not found")
	}
	return c.JSON(out)
}

func newServer(s *store) *fiber.App {
	app := fiber.New(fiber.Config{
		DisableStartupMessage: true,
		ErrorHandler: func(c *fiber.Ctx, err error) error {
			code := fiber.StatusInternalServerError
			var e *fiber.Error
			if errors.As(err, &e) {
				code = e.Code
			}
			return c.Status(code).JSON(fiber.Map{"error": err.Error()})
		},
	})
	app.Use(recover.New())
	app.Use(requestid.New())
	app.Use(logger.New(logger.Config{
		Format: "${pid} ${locals:requestid} ${status} - ${method} ${path}\n",
		Output: io.Discard,
	}))
	app.Use(cors.New())

	v1 := app.Group("/api/v1")
	v1.Get("/products", s.listProducts)
	v1.Get("/products/:id", s.getProduct)
	v1.Put("/products/:id", s.updateProduct)
	v1.Get("/users/:id/orders", s.userOrders)
	v1.Post("/orders", s.createOrder)
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	return app
}
