import { Link } from "react-router";

/** Login and Register side by side; `emphasis` is the one drawn as the main button. */
export function SignInLinks({ emphasis }: { emphasis: "login" | "register" }) {
  const style = (link: "login" | "register") =>
    link === emphasis ? "button" : "button button-ghost";
  return (
    <>
      <Link to="/login" className={style("login")}>
        Login
      </Link>
      <Link to="/register" className={style("register")}>
        Register
      </Link>
    </>
  );
}
