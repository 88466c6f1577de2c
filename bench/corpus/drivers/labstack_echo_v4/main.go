// Command labstack_echo_v4 drives an Echo v4 JSON API under a realistic load and profiles it.
//
// The service is a small catalogue/orders REST API written the way Echo's README and middleware
// docs show it (corpus copy /tmp/perfproof-corpus/labstack_echo_v4): echo.New(), the README's
// middleware stack — middleware.RequestLogger() (the README's default; it logs through slog's
// default logger, which CHANGELOG and request_logger.go say to replace with
// slog.New(slog.NewJSONHandler(...)) for JSON lines; here the handler writes to io.Discard),
// middleware.Recover() — plus middleware.RequestID() and middleware.CORS(), routes with path
// params (/products/:id, /users/:id/orders), handlers that Bind path/query params into tagged
// structs (`param`, `query`, as bind.go documents: path params, then query params, then the body)
// and JSON bodies into structs, and answer with c.JSON. It is served by Echo's own server code
// (e.Listener = a 127.0.0.1:0 listener, e.Start) and driven over real HTTP/1.1 keep-alive
// connections by 3 client goroutines.
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
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

const name = "labstack_echo_v4"

func main() {
	f := registerWindowFlags()
	f.parse()
	// The request logger logs through slog's default logger; make it JSON lines, discarded.
	slog.SetDefault(slog.New(slog.NewJSONHandler(io.Discard, nil)))
	os.Exit(runAPI(name, f, func(st *store, ln net.Listener) apiServer {
		e := newServer(st)
		e.Listener = ln
		return apiServer{
			serve: func() error { return e.Start("") },
			shutdown: func(*http.Client) error {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				return e.Shutdown(ctx)
			},
		}
	}))
}

// ---- the service (the data, the store and the load are in apiload) ----

// The requests that name path parameters, with Echo's tag for them.

type productPath struct {
	ID int `param:"id"`
}

type userOrdersQuery struct {
	UserID int    `param:"id"`
	Status string `query:"status"`
	Limit  int    `query:"limit"`
}

type updateProductReq struct {
	ID         int      `param:"id"`
	PriceCents *int     `json:"price_cents"`
	Stock      *int     `json:"stock"`
	Tags       []string `json:"tags"`
	Name       string   `json:"name"`
}

func (s *store) getProduct(c echo.Context) error {
	var p productPath
	if err := c.Bind(&p); err != nil {
		return err
	}
	out, ok := s.product(p.ID)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "product not found")
	}
	return c.JSON(http.StatusOK, out)
}

func (s *store) listProducts(c echo.Context) error {
	var q listQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s.list(q))
}

func (s *store) userOrders(c echo.Context) error {
	var q userOrdersQuery
	if err := c.Bind(&q); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"user_id": q.UserID, "orders": s.recentOrders(q.UserID, q.Status, q.Limit)})
}

func (s *store) createOrder(c echo.Context) error {
	var req createOrderReq
	if err := c.Bind(&req); err != nil {
		return err
	}
	o, err := s.placeOrder(req)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	c.Response().Header().Set(echo.HeaderLocation, orderLocation(o))
	return c.JSON(http.StatusCreated, o)
}

func (s *store) updateProduct(c echo.Context) error {
	var req updateProductReq
	if err := c.Bind(&req); err != nil {
		return err
	}
	out, ok := s.update(req.ID, productUpdate{req.PriceCents, req.Stock, req.Tags, req.Name})
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "product not found")
	}
	return c.JSON(http.StatusOK, out)
}

func newServer(s *store) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Logger.SetOutput(io.Discard)
	e.Use(middleware.RequestLogger())
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.CORS())

	v1 := e.Group("/api/v1")
	v1.GET("/products", s.listProducts)
	v1.GET("/products/:id", s.getProduct)
	v1.PUT("/products/:id", s.updateProduct)
	v1.GET("/users/:id/orders", s.userOrders)
	v1.POST("/orders", s.createOrder)
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })
	return e
}
